# A list of 400,000 row dicts filled, grouped by one column, sorted and totalled.
rows = []
for i in range(1, 400001):
    row = {"Товар": None, "Склад": None, "Количество": None, "Сумма": None}
    rows.append(row)
    row["Товар"] = "Товар " + str(i % 500)
    row["Склад"] = i % 7
    row["Количество"] = i % 13 + 1
    row["Сумма"] = (i * 7919) % 1000
groups = {}
for row in rows:
    total = groups.get(row["Товар"])
    if total is None:
        groups[row["Товар"]] = {"Товар": row["Товар"], "Количество": row["Количество"], "Сумма": row["Сумма"]}
    else:
        total["Количество"] += row["Количество"]
        total["Сумма"] += row["Сумма"]
grouped = sorted(groups.values(), key=lambda r: r["Товар"])
grouped.sort(key=lambda r: r["Сумма"], reverse=True)
first = grouped[0]
print(f"{len(grouped)} {first['Товар']} {first['Сумма']} {sum(r['Количество'] for r in grouped)}")
