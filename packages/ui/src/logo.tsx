import { uiMessages } from './messages.js';
import { PRIMARY_COLOR } from './system.js';

export interface LogoProps {
  /** Height in pixels; the width follows. */
  height?: number;
  /** Only the mark, without the word (collapsed menu). */
  markOnly?: boolean;
}

/** The product logo: a red rounded square holding a stylised ledger, and the words "Back Office". */
export function Logo({ height = 40, markOnly = false }: LogoProps) {
  const width = markOnly ? height : height * 4.2;
  return (
    <svg
      role="img"
      aria-label={uiMessages.logoLabel}
      width={width}
      height={height}
      viewBox={markOnly ? '0 0 40 40' : '0 0 168 40'}
      xmlns="http://www.w3.org/2000/svg"
    >
      <rect x="0" y="0" width="40" height="40" rx="9" fill={PRIMARY_COLOR} />
      <rect x="10" y="9" width="20" height="22" rx="3" fill="none" stroke="#FFFFFF" strokeWidth="2.5" />
      <path d="M15 16h10M15 21h10M15 26h6" stroke="#FFFFFF" strokeWidth="2.5" strokeLinecap="round" />
      {!markOnly && (
        <text
          x="50"
          y="27"
          fontFamily="Inter, system-ui, sans-serif"
          fontSize="19"
          fontWeight="700"
          fill="currentColor"
          letterSpacing="0.2"
        >
          Back Office
        </text>
      )}
    </svg>
  );
}
