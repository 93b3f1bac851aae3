def workload(response: dict) -> dict[str, int]:
    counts: dict[str, int] = {}
    for issue in response.get("issues", []):
        fields = issue.get("fields", {})
        if fields.get("status", {}).get("statusCategory", {}).get("key") == "done":
            continue
        assignee = fields.get("assignee") or {}
        name = assignee.get("displayName") or "Не назначен"
        counts[name] = counts.get(name, 0) + 1
    return counts
