import re
from collections import Counter


def top_k_words(text: str, k: int) -> list[tuple[str, int]]:
    words = re.findall(r"[^\W_]+", text.lower())
    counts = Counter(words)
    return sorted(counts.items(), key=lambda item: (-item[1], item[0]))[:k]
