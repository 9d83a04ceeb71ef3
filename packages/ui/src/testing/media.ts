/** A `matchMedia` for jsdom (which has none): every query answers `matches(query)`, nothing ever changes. */
export function fakeMatchMedia(matches: (query: string) => boolean = () => false) {
  return (query: string) =>
    ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
