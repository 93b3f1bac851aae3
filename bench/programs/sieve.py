# Sieve of Eratosthenes up to 2,000,000: a list of booleans, loops with computed bounds.
n = 2000000
prime = [None] * (n + 1)
for i in range(2, n + 1):
    prime[i] = True
i = 2
while i * i <= n:
    if prime[i]:
        k = i * i
        while k <= n:
            prime[k] = False
            k = k + i
    i = i + 1
count = 0
for i in range(2, n + 1):
    if prime[i] is True:
        count = count + 1
print(count)
