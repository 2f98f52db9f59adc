import { materialize } from "../models/materialize";
import { USER_MODEL } from "../models/app";
import type { JsonObject } from "../state";
import { seedTime } from "./clock";

const PEOPLE: readonly [string, string, string, string][] = [
  ["Ada", "Lovelace", "Engineering", "Principal Engineer"],
  ["Grace", "Hopper", "Engineering", "Engineering Manager"],
  ["Alan", "Turing", "Security", "Security Architect"],
  ["Katherine", "Johnson", "Finance", "Financial Analyst"],
  ["Linus", "Torvalds", "Engineering", "Staff Engineer"],
  ["Margaret", "Hamilton", "Engineering", "Director of Engineering"],
  ["Dennis", "Ritchie", "Platform", "Platform Engineer"],
  ["Barbara", "Liskov", "Platform", "Platform Lead"],
  ["Ken", "Thompson", "Security", "Security Engineer"],
  ["Radia", "Perlman", "IT", "Network Engineer"],
  ["Frances", "Allen", "IT", "IT Manager"],
  ["Edsger", "Dijkstra", "Engineering", "Software Engineer"],
  ["Annie", "Easley", "Sales", "Account Executive"],
  ["Tim", "Berners-Lee", "Sales", "Sales Engineer"],
  ["Hedy", "Lamarr", "Security", "CISO"],
  ["John", "Backus", "Finance", "Controller"],
  ["Joan", "Clarke", "Finance", "Accountant"],
  ["Claude", "Shannon", "Data", "Data Scientist"],
  ["Mary", "Jackson", "Data", "Analytics Lead"],
  ["Vint", "Cerf", "IT", "Systems Administrator"],
];

/** Id of the seeded user at an index (0-based): `user-0001` and so on. */
export function seedUserId(index: number): string {
  return `user-${String(index + 1).padStart(4, "0")}`;
}

/** The seeded directory users. Two carry enum values the spec does not list. */
export function seedUsers(): Record<string, JsonObject> {
  const users: Record<string, JsonObject> = {};
  PEOPLE.forEach(([first, last, department, jobTitle], index) => {
    const id = seedUserId(index);
    const username = `${first}.${last}`.toLowerCase();
    const email = `${username}@acme.example.com`;
    users[id] = materialize(
      {
        id,
        displayName: `${first} ${last}`,
        username,
        email,
        department,
        employmentStatus: index === 19 ? "On Leave" : "Active",
        employmentType: index % 7 === 6 ? "Contractor" : "Full Time",
        jobTitle,
        emails: [email],
        usernames: [username],
        employeeIds: [`E${1000 + index}`],
        directoryIds: ["app-directory"],
        managerIds: index === 1 ? [] : [seedUserId(1)],
        profile: { costCenter: `CC-${100 + (index % 5)}`, location: index % 2 === 0 ? "Berlin" : "Austin" },
        origin: index === 18 ? "USER_ORIGIN_DIRECTORY" : "USER_ORIGIN_DIRECTORY",
        status: index === 19 ? "DISABLED" : "ENABLED",
        directoryStatus: index === 17 ? "ENABLED" : "ENABLED",
        type: index === 16 ? "USER_TYPE_SERVICE" : "USER_TYPE_HUMAN",
        createdAt: seedTime(-300 + index),
        updatedAt: seedTime(-30 + index),
        departmentSources: [
          {
            appId: "app-directory",
            appUserId: `dir-${id}`,
            appUserProfileAttributeKey: "department",
            priority: 1,
            userAttributeMappingId: "uam-department",
            value: department,
          },
        ],
      },
      USER_MODEL,
    );
  });
  return users;
}
