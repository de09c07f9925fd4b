// The forecast's decimals arrive as exact strings (3 places); shown without a float.

/** '12.500' -> '12.5', '3.000' -> '3', '-0.250' -> '-0.25'; other text is left as it is. */
export const trimDecimal = (value: string): string =>
  /^-?\d+\.\d+$/.test(value) ? value.replace(/\.?0+$/, '') : value;
