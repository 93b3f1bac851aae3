# Answer-shaped: text functions over characters (slices, ord) called for many strings.
def is_palindrome(text):
    text = text.replace(" ", "").lower()
    length = len(text)
    for position in range(1, length // 2 + 1):
        if text[position - 1:position] != text[length - position:length - position + 1]:
            return False
    return True


def code_sum(text):
    total = 0
    for position in range(1, len(text) + 1):
        total = total + ord(text[position - 1])
    return total


palindromes = 0
codes = 0
for number in range(1, 300001):
    line = f"{number} {number % 97}"
    if is_palindrome(line + " " + line):
        palindromes = palindromes + 1
    codes = codes + code_sum(line)
print(f"{palindromes} {codes}")
