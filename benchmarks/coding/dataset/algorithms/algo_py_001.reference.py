import heapq


def merge_sorted_lists(lists: list[list[int]]) -> list[int]:
    heap = [(values[0], index, 0) for index, values in enumerate(lists) if values]
    heapq.heapify(heap)
    merged: list[int] = []
    while heap:
        value, index, position = heapq.heappop(heap)
        merged.append(value)
        if position + 1 < len(lists[index]):
            heapq.heappush(heap, (lists[index][position + 1], index, position + 1))
    return merged
