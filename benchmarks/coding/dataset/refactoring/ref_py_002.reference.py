BASE_WEIGHT_KG = 1
EXPRESS_FACTOR = 1.5
TARIFFS = {1: (300, 50), 2: (450, 80), 3: (700, 120)}  # zone -> (base price, price per extra kg)


def shipping_cost(weight: float, zone: int, express: bool) -> float:
    if weight <= 0:
        raise ValueError("weight")
    if zone not in TARIFFS:
        raise ValueError("zone")
    base, per_kg = TARIFFS[zone]
    cost = base + max(0, weight - BASE_WEIGHT_KG) * per_kg
    if express:
        cost *= EXPRESS_FACTOR
    return round(cost, 2)
