/**
 * deviceType and browserName sent with sign-in (docs/product.md [calls.sign-in]); they label the session in
 * the server's sign-in log. Rough on purpose: user-agent sniffing is only for a human-readable label.
 */
export function deviceInfo(userAgent: string = navigator.userAgent): {
  deviceType: string;
  browserName: string;
} {
  const deviceType = /iPad|Tablet/i.test(userAgent)
    ? 'Tablet'
    : /Mobi|Android|iPhone/i.test(userAgent)
      ? 'Mobile'
      : 'Desktop';
  const browsers: Array<[RegExp, string]> = [
    [/Edg\//, 'Edge'],
    [/OPR\/|Opera/, 'Opera'],
    [/Firefox\//, 'Firefox'],
    [/Chrom(e|ium)\//, 'Chrome'],
    [/Safari\//, 'Safari'],
  ];
  const browserName = browsers.find(([pattern]) => pattern.test(userAgent))?.[1] ?? 'Other';
  return { deviceType, browserName };
}
