def moving_average(values: list[float], window: int) -> list[float]:
    if window <= 0 or window > len(values):
        raise ValueError("window")
    result = []
    total = sum(values[:window])
    result.append(total / window)
    for i in range(window, len(values)):
        total += values[i] - values[i - window]
        result.append(total / window)
    return result
