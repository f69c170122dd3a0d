/**
 * MT5's group masks, as deal/get_batch takes them: group names separated by commas, `*` standing for
 * any text, and a leading `!` leaving the groups it matches out ("real*,!real-test": every group whose
 * name starts with "real" except real-test). The simulator reads its ledger by them.
 */
export function groupMaskMatcher(mask: string): (group: string) => boolean {
  const parts = mask
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean);
  const pattern = (p: string) => new RegExp(`^${p.split('*').map(escapeRegExp).join('.*')}$`);
  const include = parts.filter((p) => !p.startsWith('!')).map(pattern);
  const exclude = parts.filter((p) => p.startsWith('!')).map((p) => pattern(p.slice(1)));
  return (group) => include.some((r) => r.test(group)) && !exclude.some((r) => r.test(group));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
