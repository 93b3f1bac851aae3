# Recursion: fibonacci(33), about 11,400,000 calls.
def fibonacci(n):
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)


print(fibonacci(33))
