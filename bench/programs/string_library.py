# The string library in a loop: replace, find, slices, upper, len, strip.
total = 0
for i in range(1, 600001):
    s = "  Заказ №" + str(i % 1000) + " от клиента ООО Ромашка  "
    s = s.replace("ООО", "АО").strip()
    pos = s.find("от") + 1
    start = s[:5]
    part = s[pos - 1 : pos - 1 + 6].upper()
    end = s[-7:]
    total = total + len(part) + pos + len(start + end)
print(total)
