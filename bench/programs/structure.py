# A dict read and written through a function 2,000,000 times.
def account(state, value):
    state["Сумма"] = state["Сумма"] + value
    state["Количество"] = state["Количество"] + 1
    if value > state["Максимум"]:
        state["Максимум"] = value


state = {"Сумма": 0, "Количество": 0, "Максимум": 0}
for i in range(1, 2000001):
    account(state, (i * 7) % 1000)
print(f"{state['Сумма']} {state['Количество']} {state['Максимум']}")
