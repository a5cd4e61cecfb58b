// The capital table's instruments in words, for the lines a report prints (a reader sees "options", not "ESOP").

export const INSTRUMENT_WORDS: Record<string, string> = {
  EQUITY: 'equity shares',
  PREFERENCE: 'preference shares',
  CCPS: 'compulsorily convertible preference shares',
  CCD: 'compulsorily convertible debentures',
  ESOP: 'employee stock options',
  WARRANT: 'warrants',
};

export const instrumentWords = (code: string): string => INSTRUMENT_WORDS[code] ?? code;
