const PRIORITY = ["Highest", "High", "Medium", "Low", "Lowest"];

export function overdueIssues(response: { issues: Array<{ key: string; fields: any }> }, today: string): string[] {
  const rank = (name: string | undefined): number => {
    const index = PRIORITY.indexOf(name ?? "");
    return index === -1 ? PRIORITY.length : index;
  };
  return (response.issues ?? [])
    .filter((issue) => issue.fields?.status?.statusCategory?.key !== "done")
    .filter((issue) => typeof issue.fields?.duedate === "string" && issue.fields.duedate < today)
    .sort(
      (a, b) =>
        a.fields.duedate.localeCompare(b.fields.duedate) ||
        rank(a.fields.priority?.name) - rank(b.fields.priority?.name) ||
        a.key.localeCompare(b.key),
    )
    .map((issue) => issue.key);
}
