# Iteration over a list and a dict (key and value), 1,500,000 elements each.
numbers = []
mapping = {}
for i in range(1, 1500001):
    numbers.append(i % 1000)
    mapping[i] = i % 10
total = 0
for number in numbers:
    total = total + number
for key, value in mapping.items():
    if value == 3:
        total = total + key
print(total)
