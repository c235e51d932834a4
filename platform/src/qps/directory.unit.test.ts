import { describe, expect, it } from 'vitest';
import { createSimulatedPlanSystemDirectory, createSimulatedTicketSystem } from './directory.ts';

describe('the simulated plan system directory', () => {
  const directory = createSimulatedPlanSystemDirectory();

  it('finds a demo client’s case by any of its policy numbers or its case id', async () => {
    const byNumber = await directory.findClient(['934782']);
    expect(byNumber?.caseId).toBe('QPS-C-48210');
    expect(byNumber?.policies.map((p) => p.policyNumber)).toEqual(['934781', '934782', '934783']);
    expect(await directory.findClient(['QPS-C-48210'])).toEqual(byNumber);
  });

  it('derives the same plausible case every time from well-formed policy numbers', async () => {
    const first = await directory.findClient(['512345', '512346']);
    expect(first).toMatchObject({ caseId: 'QPS-C-512345' });
    expect(first?.policies.map((p) => p.policyNumber)).toEqual(['512345', '512346']);
    expect(first?.policies.every((p) => p.coverages.length === p.benefitTypes.length)).toBe(true);
    expect(await directory.findClient(['512346', '512345'])).toEqual(first);
  });

  it('knows no case for malformed numbers', async () => {
    expect(await directory.findClient(['12345'])).toBeNull();
    expect(await directory.findClient(['012345', 'abc'])).toBeNull();
    expect(await directory.findClient([])).toBeNull();
  });
});

describe('the simulated ticket system', () => {
  const tickets = createSimulatedTicketSystem();

  it('answers the demo tickets, and any onboarding ticket from 1000 up the same way each time', async () => {
    expect(await tickets.ticketInfo('ONB-1001')).toMatchObject({
      clientName: 'Lakeside Manufacturing Co.',
      policyNumbers: ['934781', '934782'],
    });
    const derived = await tickets.ticketInfo('ONB-52017');
    expect(derived?.policyNumbers.every((n) => /^[1-9]\d{5}$/.test(n))).toBe(true);
    expect(await tickets.ticketInfo('ONB-52017')).toEqual(derived);
  });

  it('knows no ticket of another project or below 1000', async () => {
    expect(await tickets.ticketInfo('HR-1200')).toBeNull();
    expect(await tickets.ticketInfo('ONB-999')).toBeNull();
  });
});
