import {
  SHORT_LIVING_PERIOD,
  countryName,
  phoneWithDialCode,
  type Application,
  type User,
} from '@brokerdesk/contract';
import { Divider, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { DetailGrid, DetailItem } from '../../../shared/detail-grid.tsx';
import { SectionCard } from '../../../shared/section-card.tsx';
import { formatBirthDate } from '../components/birth-date.ts';

const yesNo = (value: boolean) => (value ? 'Yes' : 'No');
const years = (period: string) => (period ? `${period} years` : '');
const address = (...parts: string[]) => parts.filter((p) => p && p.trim()).join(', ');

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Stack gap="xs">
      <Divider label={title} labelPosition="left" />
      <DetailGrid cols={4}>{children}</DetailGrid>
    </Stack>
  );
}

/**
 * Client Application (docs/product.md [screen.application]). The previous address shows only for a living
 * period of "<3".
 */
export function ApplicationCard({ user, application }: { user: User; application: Application | null }) {
  if (!application) {
    return (
      <SectionCard title="Client Application">
        <Text c="dimmed" size="sm">
          No application yet
        </Text>
      </SectionCard>
    );
  }
  const {
    user: home,
    employmentIncome: job,
    tradingExperience: exp,
    tradingPreferences: prefs,
  } = application;

  return (
    <SectionCard title="Client Application">
      <Stack gap="md">
        <Section title="Client">
          <DetailItem label="Account type">{user.accountType}</DetailItem>
          <DetailItem label="Name">
            {[user.title, user.name, user.surname].filter(Boolean).join(' ')}
          </DetailItem>
          <DetailItem label="Email">{user.email}</DetailItem>
          <DetailItem label="Phone">{phoneWithDialCode(user.country, user.mobilePhone)}</DetailItem>
          <DetailItem label="Country">{countryName(user.country)}</DetailItem>
          <DetailItem label="Birth date">{formatBirthDate(user)}</DetailItem>
          <DetailItem label="Nationality">{countryName(user.nationality)}</DetailItem>
          <DetailItem label="US tax resident">{yesNo(home.USResident)}</DetailItem>
        </Section>
        <Section title="Residence">
          <DetailItem label="Residential address">
            {address(
              `${user.addressNo} ${user.address}`,
              user.city,
              user.postcode,
              user.county,
              countryName(user.country),
            )}
          </DetailItem>
          <DetailItem label="Living period">{years(home.livingPeriod)}</DetailItem>
          {home.livingPeriod === SHORT_LIVING_PERIOD && (
            <>
              <DetailItem label="Previous address">
                {address(
                  `${home.prevAddressNo} ${home.prevAddress}`,
                  home.prevCity,
                  home.prevPostcode,
                  countryName(home.prevCountry),
                )}
              </DetailItem>
              <DetailItem label="Previous living period">{years(home.prevLivingPeriod)}</DetailItem>
            </>
          )}
        </Section>
        <Section title="Employment and income">
          <DetailItem label="Employment status">{job.employmentStatus}</DetailItem>
          <DetailItem label="Industry">{job.industry}</DetailItem>
          <DetailItem label="Education">{job.levelOfEducation}</DetailItem>
          <DetailItem label="Annual salary">{job.annualSalary}</DetailItem>
          <DetailItem label="Savings">{job.savings}</DetailItem>
          <DetailItem label="Source of wealth">{job.wealthSource}</DetailItem>
          <DetailItem label="Expected deposit">{job.expectedDeposit}</DetailItem>
        </Section>
        <Section title="Trading experience">
          <DetailItem label="Experience">{exp.experience}</DetailItem>
          <DetailItem label="Understands trading risks">{yesNo(exp.understandTradingRisks)}</DetailItem>
          <DetailItem label="Understands possible loss">{yesNo(exp.understandTradingLoss)}</DetailItem>
          <DetailItem label="Reason for the account">{exp.reasonForOpeningAccount}</DetailItem>
        </Section>
        <Section title="Trading preferences">
          <DetailItem label="Base currency">{prefs.baseAccountCurrency}</DetailItem>
          <DetailItem label="Platform">{prefs.accountPlatform}</DetailItem>
          <DetailItem label="Account type">{prefs.accountType}</DetailItem>
          <DetailItem label="Leverage">{prefs.leverage}</DetailItem>
        </Section>
      </Stack>
    </SectionCard>
  );
}
