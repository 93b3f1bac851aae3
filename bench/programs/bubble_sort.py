# Bubble sort of 5,000 pseudo-random numbers: nested loops, indexing a list, swapping.
n = 5000
m = [None] * n
x = 12345
for i in range(n):
    x = (x * 1103515245 + 12345) % 2147483648
    m[i] = x % 100000
for i in range(n - 1):
    for j in range(n - 1 - i):
        if m[j] > m[j + 1]:
            t = m[j]
            m[j] = m[j + 1]
            m[j + 1] = t
print(f"{m[0]} {m[n // 2]} {m[n - 1]}")
