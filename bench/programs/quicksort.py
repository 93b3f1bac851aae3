# Recursive quicksort of 300,000 pseudo-random numbers in a list.
import sys

sys.setrecursionlimit(10000)


def quicksort(m, left, right):
    if left >= right:
        return
    pivot = m[(left + right) // 2]
    i = left
    j = right
    while i <= j:
        while m[i] < pivot:
            i = i + 1
        while m[j] > pivot:
            j = j - 1
        if i <= j:
            t = m[i]
            m[i] = m[j]
            m[j] = t
            i = i + 1
            j = j - 1
    quicksort(m, left, j)
    quicksort(m, i, right)


n = 300000
m = []
x = 42
for _ in range(n):
    x = (x * 1103515245 + 12345) % 2147483648
    m.append(x % 1000000)
quicksort(m, 0, n - 1)
print(f"{m[0]} {m[n // 2]} {m[n - 1]}")
