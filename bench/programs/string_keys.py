# Dict look-ups by string keys: a 2,000-word dictionary queried 3,000,000 times.
dictionary = {}
for i in range(1, 2001):
    dictionary["код" + str(i)] = i
keys = []
for i in range(1, 101):
    keys.append("код" + str(i * 37 % 2500))
found = 0
total = 0
for _ in range(30000):
    for key in keys:
        value = dictionary.get(key)
        if value is not None:
            found = found + 1
            total = total + value
print(f"{found} {total}")
