# Answer-shaped: a bubble sort function with an exchange flag, the list copied from its parameter.
def bubble_sorted(source):
    result = []
    for item in source:
        result.append(item)
    count = len(result)
    swapped = True
    while swapped:
        swapped = False
        for index in range(count - 1):
            if result[index] > result[index + 1]:
                temp = result[index]
                result[index] = result[index + 1]
                result[index + 1] = temp
                swapped = True
        count = count - 1
    return result


def random_numbers(count):
    numbers = []
    x = 12345
    for _ in range(count):
        x = (x * 1103515245 + 12345) % 2147483648
        numbers.append(x % 100000)
    return numbers


ordered = bubble_sorted(random_numbers(4200))
print(f"{ordered[0]} {ordered[2100]} {ordered[4199]}")
