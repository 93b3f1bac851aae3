# Integer arithmetic in a tight loop: +, *, %, comparisons, 1,000,000 iterations.
total = 0
for i in range(1, 1000001):
    total = total + i * i % 7
    if total > 1000000:
        total = total - 1000000
print(total)
