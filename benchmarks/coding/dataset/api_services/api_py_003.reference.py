def _value(prop: dict):
    kind = prop.get("type")
    data = prop.get(kind)
    if kind in ("title", "rich_text"):
        return "".join(part.get("plain_text", "") for part in data or [])
    if kind == "number":
        return data
    if kind == "select":
        return data["name"] if data else None
    if kind == "multi_select":
        return [option["name"] for option in data or []]
    if kind == "date":
        return data["start"] if data else None
    return data


def pages_to_rows(response: dict) -> list[dict]:
    rows = []
    for page in response.get("results", []):
        if page.get("archived"):
            continue
        row = {"id": page["id"]}
        for name, prop in page.get("properties", {}).items():
            row[name] = _value(prop)
        rows.append(row)
    return rows
