def dedupe(items, seen=None):
    known = set(seen) if seen is not None else set()
    result = []
    for item in items:
        if item not in known:
            known.add(item)
            result.append(item)
    return result
