import { Benefits } from './benefits';
import { CallToAction } from './call-to-action';
import { Claims } from './claims';
import { Faq } from './faq';
import { Hero } from './hero';
import { HowItWorks } from './how-it-works';
import { type PlanLinks, Pricing } from './pricing';
import { ScreenshotCarousel } from './screenshot-carousel';
import { Testimonials } from './testimonials';

export type LandingLinks = { signUp: string; contact: string; plans: PlanLinks; pricing: string };

/** The landing page's sections in order (the header and footer come from the site shell). */
export function LandingSections({ links }: { links: LandingLinks }) {
  return (
    <>
      <Hero signUpHref={links.signUp} contactHref={links.contact} />
      <Claims />
      <HowItWorks />
      <Benefits />
      <ScreenshotCarousel />
      <Testimonials />
      <Pricing links={links.plans} compareHref={links.pricing} />
      <Faq contactHref={links.contact} />
      <CallToAction signUpHref={links.signUp} contactHref={links.contact} />
    </>
  );
}
