# Recursion: fibonacci(27), about 630,000 calls.
def fibonacci(n):
    if n < 2:
        return n
    return fibonacci(n - 1) + fibonacci(n - 2)


print(fibonacci(27))
