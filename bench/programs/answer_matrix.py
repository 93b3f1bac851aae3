# Answer-shaped: matrices as a list of lists built by a function and passed to another.
def new_matrix(size, seed):
    matrix = []
    x = seed
    for _ in range(size):
        row = []
        for _ in range(size):
            x = (x * 1103515245 + 12345) % 2147483648
            row.append(x % 10)
        matrix.append(row)
    return matrix


def product(a, b):
    size = len(a)
    result = []
    for i in range(size):
        row = []
        row_a = a[i]
        for k in range(size):
            total = 0
            for j in range(size):
                total = total + row_a[j] * b[j][k]
            row.append(total)
        result.append(row)
    return result


def trace(matrix):
    total = 0
    for i in range(len(matrix)):
        total = total + matrix[i][i]
    return total


p = product(new_matrix(200, 1), new_matrix(200, 2))
print(f"{trace(p)} {p[17][42]}")
