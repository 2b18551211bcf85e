import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { filterCharacters } from "../src/pages/Characters";
import { CHARACTERS, aUser } from "./support/fixtures";
import { renderApp } from "./support/render-app";

describe("characters", () => {
  it("filters case-insensitively on name, title or description, and by exact archetype", () => {
    expect(filterCharacters(CHARACTERS, "STORM", null).map((c) => c.id)).toEqual(["aeron-stormwing"]);
    expect(filterCharacters(CHARACTERS, "assassin", null).map((c) => c.id)).toEqual(["riven-ashe"]);
    expect(filterCharacters(CHARACTERS, "", "dark_fae_lord").map((c) => c.id)).toEqual(["kaelen-nightthorn"]);
    expect(filterCharacters(CHARACTERS, "knight", "dark_fae_lord")).toEqual([]);
  });

  it("lists cards with at most 3 tags and '+N more', chips per archetype, and opens a new chat on click", async () => {
    const app = renderApp("/characters", aUser());
    expect(await screen.findByPlaceholderText("Search characters...")).toBeTruthy();
    const kaelen = (await screen.findByText("Kaelen Nightthorn")).closest("button") as HTMLElement;
    const chips = within(screen.getByRole("group", { name: "Filter by archetype" })).getAllByRole("button");
    expect(chips.map((c) => c.textContent)).toEqual([
      "All",
      "Dark Fae Lord",
      "Shadow Warrior",
      "Dragon Rider",
      "Devoted Protector",
      "Warrior General",
    ]);
    expect(within(kaelen).getByText("Lord of the Unseelie Court")).toBeTruthy();
    expect(within(kaelen).getByText(/Popular/)).toBeTruthy();
    expect(Array.from(kaelen.querySelectorAll(".tag")).map((t) => t.textContent)).toEqual([
      "fae",
      "court intrigue",
      "mysterious",
      "+2 more",
    ]);
    const riven = (await screen.findByText("Riven Ashe")).closest("button") as HTMLElement;
    expect(within(riven).queryByText(/more$/)).toBeNull();
    // A character without a portrait gets the placeholder image.
    const aeron = (await screen.findByText("Aeron Stormwing")).closest("button") as HTMLElement;
    expect(aeron.querySelector("img")?.getAttribute("src")).toBe("/favicon.svg");

    await app.user.click(chips[2] as HTMLElement);
    expect(screen.queryByText("Kaelen Nightthorn")).toBeNull();
    expect(chips[2]?.getAttribute("aria-pressed")).toBe("true");
    await app.user.click(screen.getByText("Riven Ashe"));
    expect(app.path()).toBe("/chat/new?character=riven-ashe");
  });

  it("shows 'No Characters Found' and clears the search and filter with Clear Filters", async () => {
    const app = renderApp("/characters", aUser());
    await app.user.type(await screen.findByPlaceholderText("Search characters..."), "nobody at all");
    expect(await screen.findByRole("heading", { name: "No Characters Found" })).toBeTruthy();
    expect(screen.getByText("Try adjusting your search or filters")).toBeTruthy();
    await app.user.click(screen.getByRole("button", { name: "Clear Filters" }));
    expect(await screen.findByText("Kaelen Nightthorn")).toBeTruthy();
    expect((screen.getByPlaceholderText("Search characters...") as HTMLInputElement).value).toBe("");
  });

  it("labels the first bottom navigation item Home", async () => {
    renderApp("/characters", aUser());
    const nav = await screen.findByRole("navigation", { name: "Main" });
    expect(within(nav).getAllByRole("link")[0]?.textContent).toContain("Home");
  });
});
