# Decimal arithmetic in a tight loop: prices with kopecks, a discount, rounding to 2 places.
from decimal import ROUND_HALF_UP, Decimal

total = Decimal(0)
price = Decimal("10.25")
cent = Decimal("0.01")
discount = Decimal("0.95")
limit = Decimal("99.99")
for i in range(1, 800001):
    line = price * (i % 17 + 1) * discount
    total = total + line.quantize(cent, rounding=ROUND_HALF_UP)
    price = price + cent
    if price > limit:
        price = Decimal("10.25")
print(f"{total:.2f}")
