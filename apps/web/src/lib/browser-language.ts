/** The browser's language tag ('en-US'), or undefined where there is none (a test runner without a navigator). */
export function browserLanguage(): string | undefined {
  return typeof navigator === 'undefined' ? undefined : navigator.language || undefined;
}
