import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import type { LinkSigner } from '../../lib/signed-links.ts';
import { StandInKyc } from './stand-in.ts';
import { SumsubKyc } from './sumsub.ts';
import type { KycProvider } from './types.ts';

/** The KYC adapter that KYC_PROVIDER names: the local stand-in (default) or the provider's API. */
export function createKyc(config: Config, db: Db, links: LinkSigner): KycProvider {
  if (config.kyc.provider === 'sumsub')
    return new SumsubKyc({
      url: config.kyc.url,
      appToken: config.kyc.appToken!,
      secretKey: config.kyc.secretKey!,
      links,
      publicUrl: config.publicUrl,
    });
  return new StandInKyc(db, links, config.publicUrl);
}
