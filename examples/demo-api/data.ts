/** A demo user record. */
export interface DemoUser {
  id: number;
  name: string;
  email: string;
  plan: "free" | "pro";
  created_at: string;
}

/** The demo API's users, the same on every run: `count` of them, ids 1..count. */
export function demoUsers(count = 57): DemoUser[] {
  const names = ["Ada", "Grace", "Alan", "Edsger", "Barbara", "Donald", "Margaret", "Ken", "Radia", "Tim"];
  return Array.from({ length: count }, (_, i) => {
    const name = `${names[i % names.length]} ${String.fromCharCode(65 + (i % 26))}.`;
    return {
      id: i + 1,
      name,
      email: `user${i + 1}@example.com`,
      plan: i % 3 === 0 ? "pro" : "free",
      created_at: new Date(Date.UTC(2024, 0, 1) + i * 86_400_000).toISOString(),
    };
  });
}
