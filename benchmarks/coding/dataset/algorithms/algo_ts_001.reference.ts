export function groupBy<T, K extends string | number>(items: T[], key: (item: T) => K): Record<K, T[]> {
  const groups = {} as Record<K, T[]>;
  for (const item of items) {
    const k = key(item);
    if (!Object.prototype.hasOwnProperty.call(groups, k)) {
      groups[k] = [];
    }
    groups[k].push(item);
  }
  return groups;
}
