# Answer-shaped: a predicate function called for every number, trial division inside it.
def is_prime(number):
    if number < 2:
        return False
    divisor = 2
    while divisor * divisor <= number:
        if number % divisor == 0:
            return False
        divisor = divisor + 1
    return True


def primes_to(limit):
    primes = []
    for number in range(2, limit + 1):
        if is_prime(number):
            primes.append(number)
    return primes


primes = primes_to(300000)
print(f"{len(primes)} {primes[-1]}")
