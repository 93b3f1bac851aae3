# 1,000,000 strings built, joined, split, words counted in a dict.
words = []
for i in range(1, 1000001):
    words.append("слово" + str(i % 997))
text = " ".join(words)
parts = text.split(" ")
counters = {}
for word in parts:
    seen = counters.get(word)
    if seen is None:
        counters[word] = 1
    else:
        counters[word] = seen + 1
print(f"{len(text)} {len(counters)} {counters['слово5']}")
