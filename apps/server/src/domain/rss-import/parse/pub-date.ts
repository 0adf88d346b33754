/**
 * RFC 822 dates as feeds really write them. Date.parse copes with the standard form and the US
 * zone names; feeds also use other zone abbreviations, 'UTC', 'Z', day names that do not match
 * the date, or ISO 8601 (dc:date). Unreadable dates give null, never 'now'.
 */

const ZONES: Record<string, string> = {
  UT: '+0000',
  UTC: '+0000',
  GMT: '+0000',
  Z: '+0000',
  WET: '+0000',
  BST: '+0100',
  IST: '+0100',
  CET: '+0100',
  MET: '+0100',
  CEST: '+0200',
  MEST: '+0200',
  EET: '+0200',
  EEST: '+0300',
  MSK: '+0300',
  EST: '-0500',
  EDT: '-0400',
  CST: '-0600',
  CDT: '-0500',
  MST: '-0700',
  MDT: '-0600',
  PST: '-0800',
  PDT: '-0700',
  AKST: '-0900',
  AKDT: '-0800',
  HST: '-1000',
  AEST: '+1000',
  AEDT: '+1100',
  ACST: '+0930',
  ACDT: '+1030',
  AWST: '+0800',
  NZST: '+1200',
  NZDT: '+1300',
  JST: '+0900',
  KST: '+0900',
  SGT: '+0800',
};

export function parsePubDate(raw: string | null | undefined): Date | null {
  const value = (raw ?? '').trim();
  // Without a four-digit year Date.parse invents one ('1' is 2001): such a value is no date.
  if (!/\d{4}/.test(value)) return null;
  const direct = Date.parse(value);
  if (!Number.isNaN(direct)) return new Date(direct);
  const normalised = value
    // A day name ('Thurs,', 'Tuesday') adds nothing and is often wrong or not English.
    .replace(/^[A-Za-z]+\.?,?\s+/, '')
    .replace(/\b([A-Z]{1,5})$/, (zone) => ZONES[zone] ?? zone)
    .replace(/\s+/g, ' ');
  const retried = Date.parse(normalised);
  return Number.isNaN(retried) ? null : new Date(retried);
}
