const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

/** The English name of a month from 1 to 12 ("January"); undefined for any other number. */
export const monthName = (month: number): string | undefined => MONTHS[month - 1];
