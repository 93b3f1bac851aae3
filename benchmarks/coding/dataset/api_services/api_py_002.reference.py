def extract_commands(updates: dict) -> list[tuple[int, str, list[str]]]:
    if not updates.get("ok"):
        raise RuntimeError("getUpdates failed")
    commands: list[tuple[int, str, list[str]]] = []
    for update in sorted(updates.get("result", []), key=lambda u: u["update_id"]):
        message = update.get("message")
        if not message:
            continue
        text = message.get("text") or ""
        if not text.startswith("/"):
            continue
        head, *args = text.split()
        command = head[1:].split("@", 1)[0]
        commands.append((message["chat"]["id"], command, args))
    return commands
