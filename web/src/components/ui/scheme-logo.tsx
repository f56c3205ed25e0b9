import { useState } from "react";
import { imageVariant } from "@/lib/api/upload-image";

interface SchemeLogoProps {
  name: string;
  logoUrl: string;
  size?: number;
}

/** The scheme's logo, or its initial on the brand colour when the image is missing or fails. */
export function SchemeLogo({ name, logoUrl, size = 40 }: SchemeLogoProps) {
  const [failed, setFailed] = useState(false);
  const style = { width: size, height: size };
  if (!logoUrl || failed) {
    return (
      <span className="scheme-logo scheme-logo--fallback" style={style} aria-hidden="true">
        {name.trim().charAt(0).toUpperCase()}
      </span>
    );
  }
  return (
    <img
      className="scheme-logo"
      src={imageVariant(logoUrl, size * 2)}
      alt=""
      width={size}
      height={size}
      style={style}
      onError={() => setFailed(true)}
    />
  );
}
