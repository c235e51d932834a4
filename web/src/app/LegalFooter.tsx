export function LegalFooter() {
  return (
    <footer className="legal-footer">
      <span>
        © {new Date().getFullYear()} Onboard. Group benefits are underwritten by the issuing carrier.
      </span>
      <span className="legal-footer__tagline">Life's brighter under the sun</span>
    </footer>
  );
}
