import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { MantineProvider, createTheme, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import {
  DEFAULT_DISPLAY_OPTIONS,
  readDisplayOptions,
  themeScaleFor,
  writeDisplayOptions,
  type KeyValueStorage,
  type TDisplayOptions,
} from './display-options.ts';

interface DisplayOptionsContextValue {
  options: TDisplayOptions;
  setOptions: (next: TDisplayOptions) => void;
}

const DisplayOptionsContext = createContext<DisplayOptionsContextValue>({
  options: DEFAULT_DISPLAY_OPTIONS,
  setOptions: () => undefined,
});

function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** High contrast: full-strength text, darker primary shades and visible borders. */
const highContrastVariables: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-text': '#000000',
    '--mantine-color-dimmed': '#1f1f1f',
    '--mantine-color-body': '#ffffff',
    '--mantine-color-default-border': '#000000',
    '--mantine-color-placeholder': '#2e2e2e',
    // Card and input borders are drawn with these greys.
    '--mantine-color-gray-3': '#495057',
    '--mantine-color-gray-4': '#343a40',
  },
  dark: {},
});

const noExtraVariables: CSSVariablesResolver = () => ({ variables: {}, light: {}, dark: {} });

export interface DisplayOptionsProviderProps {
  baseTheme: MantineThemeOverride;
  children: ReactNode;
}

/** Mantine's provider with the user's display options (larger text, high contrast) applied app-wide. */
export function DisplayOptionsProvider({ baseTheme, children }: DisplayOptionsProviderProps) {
  const [options, setState] = useState<TDisplayOptions>(() => readDisplayOptions(browserStorage()));
  const setOptions = useCallback((next: TDisplayOptions) => {
    writeDisplayOptions(browserStorage(), next);
    setState(next);
  }, []);
  const theme = useMemo(
    () =>
      createTheme({
        ...baseTheme,
        scale: themeScaleFor(options),
        ...(options.highContrast ? { primaryShade: 9, autoContrast: true } : {}),
      }),
    [baseTheme, options],
  );
  const value = useMemo(() => ({ options, setOptions }), [options, setOptions]);
  return (
    <DisplayOptionsContext.Provider value={value}>
      <MantineProvider
        theme={theme}
        defaultColorScheme="light"
        cssVariablesResolver={options.highContrast ? highContrastVariables : noExtraVariables}
      >
        {children}
      </MantineProvider>
    </DisplayOptionsContext.Provider>
  );
}

export function useDisplayOptions(): DisplayOptionsContextValue {
  return useContext(DisplayOptionsContext);
}
