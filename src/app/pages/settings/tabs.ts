// The tabs of /settings/:initialTab? that exist (spec 2.4 numbers them; 2 and 3 are not built).
export const SETTINGS_TABS = [0, 1, 4] as const;
export type SettingsTab = (typeof SETTINGS_TABS)[number];

/** The tab of the path: 0, 1 or 4; anything else opens tab 0. */
export function tabOf(param: string | undefined): SettingsTab {
  const n = Number(param);
  return param !== undefined && (SETTINGS_TABS as readonly number[]).includes(n) ? (n as SettingsTab) : 0;
}
