# Answer-shaped: a binary search function over a sorted list passed in, called 400,000 times.
def find_index(items, value):
    left = 0
    right = len(items) - 1
    while left <= right:
        middle = (left + right) // 2
        item = items[middle]
        if item == value:
            return middle
        elif item < value:
            left = middle + 1
        else:
            right = middle - 1
    return -1


def even_numbers(count):
    numbers = []
    for number in range(count):
        numbers.append(number * 2)
    return numbers


numbers = even_numbers(100000)
found = 0
index_sum = 0
for number in range(400000):
    index = find_index(numbers, number)
    if index >= 0:
        found = found + 1
        index_sum = index_sum + index
print(f"{found} {index_sum}")
