import { plainName } from '#extension/answer-evidence.ts';
import { PROVIDER_LOGOS } from './provider-logos.ts';
import { useWordProps } from './words.ts';

/**
 * A provider's logo beside its name, by the answer's `nice_name`: a bundled brand icon drawn as an inline
 * SVG path (never markup from anywhere), or the name's first letter in a circle for a provider without one.
 * Decorative: the name beside it says who it is. Used by the hover card and the popup.
 */
export function ProviderLogo({ niceName }: { niceName: string }) {
  const wordProps = useWordProps();
  const logo = PROVIDER_LOGOS.get(niceName);
  if (logo) {
    return (
      <svg className="wl-logo" viewBox="-3 -3 30 30" aria-hidden="true" focusable="false">
        <path d={logo.path} fill={`#${logo.hex}`} />
      </svg>
    );
  }
  const initial = [...(plainName(niceName, Number.POSITIVE_INFINITY) ?? '?')][0]?.toLocaleUpperCase() ?? '?';
  return <span className="wl-logo wl-monogram" aria-hidden="true" {...wordProps(initial)} />;
}
