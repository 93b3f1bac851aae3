def format_report(records: list[dict]) -> str:
    lines: list[str] = []
    total = 0.0
    for record in records:
        quantity = record.get("qty")
        if quantity is None or quantity <= 0:
            continue
        amount = quantity * record["price"]
        total += amount
        lines.append(f"{record['name'][:10]:<10} {quantity:5d} x {record['price']:8.2f} = {amount:10.2f}")
    lines.append("-" * 40)
    lines.append(f"{'ИТОГО':<29} {total:10.2f}")
    return "\n".join(lines)
