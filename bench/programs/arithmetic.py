# Integer arithmetic in a tight loop: +, *, %, comparisons, 4,000,000 iterations.
total = 0
for i in range(1, 4000001):
    total = total + i * i % 7
    if total > 1000000:
        total = total - 1000000
print(total)
