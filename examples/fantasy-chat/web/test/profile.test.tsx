import { screen, waitFor } from "@testing-library/react";
import { HttpResponse, http } from "msw";
import { describe, expect, it } from "vitest";
import { PERSONALITY_TRAITS } from "../src/api/archetypes";
import { aUser } from "./support/fixtures";
import { findToast, renderApp } from "./support/render-app";
import { apiError, server } from "./support/server";

const BACKSTORY = "Raised among the border keeps, I learned to read the stars and distrust easy smiles.";

const button = (name: string) => screen.getByRole("button", { name }) as HTMLButtonElement;

describe("profile", () => {
  it("shows 'Loading your profile...' and then the form with its hints and the first name as preferred name", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.get("*/api/profile", async () => {
        await gate;
        return HttpResponse.json({
          preferredName: "Ysolde",
          favoriteArchetype: null,
          backstory: "",
          personalityTraits: [],
        });
      }),
    );
    renderApp("/profile", aUser());
    expect(await screen.findByRole("heading", { name: "Your Character Profile" })).toBeTruthy();
    expect(screen.getAllByText("Loading your profile...").length).toBeGreaterThan(0);
    release();
    expect(await screen.findByRole("heading", { name: "Character Background" })).toBeTruthy();
    expect((screen.getByLabelText("Preferred Name") as HTMLInputElement).value).toBe("Ysolde");
    expect(screen.getByText(/Characters will use this name to address you/)).toBeTruthy();
    expect(screen.getByText(/Similar characters will be recommended/)).toBeTruthy();
    expect(screen.getByText(/helps characters understand your motivations/)).toBeTruthy();
    const select = screen.getByLabelText("Favorite Character Type") as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => o.textContent)).toEqual([
      "Select a character type",
      "Dark Fae Lord",
      "Shadow Warrior",
      "Warrior General",
      "Dragon Rider",
      "Loyal Dragon Rider",
      "Devoted Protector",
    ]);
    expect(button("Save Character Profile")).toBeTruthy();
  });

  it("shows every validation message and sends nothing while the form is invalid", async () => {
    let saves = 0;
    server.use(
      http.put("*/api/profile", () => {
        saves += 1;
        return HttpResponse.json({});
      }),
    );
    const app = renderApp("/profile", aUser());
    const name = (await screen.findByLabelText("Preferred Name")) as HTMLInputElement;
    await app.user.clear(name);
    await app.user.click(button("Save Character Profile"));
    expect(await screen.findByText("Preferred name is required")).toBeTruthy();
    expect(screen.getByText("Please provide at least 50 characters for your backstory")).toBeTruthy();
    expect(screen.getByText("Please select at least one personality trait")).toBeTruthy();
    await app.user.type(name, "x".repeat(51));
    await app.user.click(button("Save Character Profile"));
    expect(await screen.findByText("Too big: expected string to have <=50 characters")).toBeTruthy();
    expect(saves).toBe(0);
  });

  it("allows at most 6 traits: the others are disabled until one is unselected", async () => {
    const app = renderApp("/profile", aUser());
    await screen.findByRole("heading", { name: "Character Background" });
    for (const trait of PERSONALITY_TRAITS.slice(0, 6)) await app.user.click(button(trait));
    expect(button("creative").disabled).toBe(true);
    expect(button("brave").disabled).toBe(false);
    expect(
      screen.getByText(/Selected \(6\/6\): adventurous, brave, curious, loyal, intelligent, passionate/),
    ).toBeTruthy();
    await app.user.click(button("brave"));
    expect(button("creative").disabled).toBe(false);
  });

  it("saves, says 'Saving Profile...' meanwhile, then 'Profile Updated' and reads the profile and user again", async () => {
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const bodies: unknown[] = [];
    let userReads = 0;
    server.use(
      http.put("*/api/profile", async ({ request }) => {
        bodies.push(await request.json());
        await gate;
        return HttpResponse.json({});
      }),
    );
    const app = renderApp("/profile", aUser());
    server.use(
      http.get("*/api/auth/user", () => {
        userReads += 1;
        return HttpResponse.json(aUser());
      }),
    );
    await screen.findByRole("heading", { name: "Character Background" });
    await app.user.selectOptions(screen.getByLabelText("Favorite Character Type"), "dragon_rider");
    await app.user.type(screen.getByLabelText("Your Character Backstory"), BACKSTORY);
    await app.user.click(button("witty"));
    await app.user.click(button("Save Character Profile"));
    expect(button("Saving Profile...").disabled).toBe(true);
    release();
    await findToast("Profile Updated", "Your character profile has been saved successfully!");
    expect(bodies).toEqual([
      {
        preferredName: "Ysolde",
        favoriteArchetype: "dragon_rider",
        backstory: BACKSTORY,
        personalityTraits: ["witty"],
      },
    ]);
    await waitFor(() => expect(userReads).toBeGreaterThan(0));
  });

  it("shows the server's message when saving fails, or 'Failed to update profile' without one", async () => {
    server.use(
      http.put("*/api/profile", () =>
        apiError(400, "Choose personality traits from the list", "validation_error"),
      ),
    );
    const app = renderApp("/profile", aUser());
    await screen.findByRole("heading", { name: "Character Background" });
    await app.user.type(screen.getByLabelText("Your Character Backstory"), BACKSTORY);
    await app.user.click(button("witty"));
    await app.user.click(button("Save Character Profile"));
    await findToast("Error", "Choose personality traits from the list");

    server.use(http.put("*/api/profile", () => new HttpResponse(null, { status: 502 })));
    await app.user.click(button("Save Character Profile"));
    await findToast("Error", "Failed to update profile");
  });
});
