import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import SupportFlow from "./support-flow";

const jpeg = (n: number) =>
  new File([new Uint8Array([0xff, 0xd8, 0xff, n])], `p${n}.jpg`, { type: "image/jpeg" });

/** upload answers each photo once `release` is called, so several can be on their way together. */
function stubUpload() {
  const waiting: Array<() => void> = [];
  let next = 100;
  const uploads: string[] = [];
  const inserts: unknown[] = [];
  vi.stubGlobal("fetch", async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url.startsWith("/api/v3/upload")) {
      uploads.push(((init?.body as FormData).get("file") as File).name);
      const id = next++;
      await new Promise<void>((resolve) => waiting.push(resolve));
      return Response.json({ success: true, data: { id, url: `/uploads/${id}.jpg` } });
    }
    inserts.push(JSON.parse(String(init?.body)));
    return Response.json({ success: true, data: { id: 1, status: "open" } });
  });
  return {
    uploads,
    inserts,
    release: () => waiting.splice(0).forEach((go) => go()),
  };
}

async function openDescribeStep() {
  const client = createQueryClient();
  render(
    <QueryClientProvider client={client}>
      <SupportFlow orderId={42} scheme="demo-burgers" onClose={() => {}} />
    </QueryClientProvider>,
  );
  await userEvent.click(await screen.findByRole("radio", { name: "Incorrect item" }));
  await userEvent.click(screen.getByRole("button", { name: "Next" }));
  return screen.findByLabelText("Photos (optional)");
}

beforeEach(() => {
  let n = 0;
  URL.createObjectURL = () => `blob:preview-${n++}`;
  URL.revokeObjectURL = () => {};
});
afterEach(() => vi.unstubAllGlobals());

describe("support flow photos", () => {
  it("adds photos with a button of the page's own, reached by keyboard, and counts them", async () => {
    const net = stubUpload();
    const input = await openDescribeStep();
    const add = screen.getByRole("button", { name: "Add photos" });
    expect(screen.getByText("No photos added")).toBeTruthy();
    // The hint describes the button; the browser's "Choose File" input is hidden and out of the tab order.
    const hint = document.getElementById(add.getAttribute("aria-describedby") ?? "");
    expect(hint?.textContent).toBe("JPG images up to 800 KB, at most 5.");
    expect((input as HTMLInputElement).tabIndex).toBe(-1);
    const opened = vi.spyOn(input, "click");
    add.focus();
    await userEvent.keyboard(" ");
    expect(opened).toHaveBeenCalledTimes(1);
    await userEvent.upload(input, [jpeg(1), jpeg(2)]);
    net.release();
    await waitFor(() => expect(net.uploads).toHaveLength(2));
    net.release();
    expect(await screen.findByText("2 photos added")).toBeTruthy();
  });

  it("keeps at most 5 when more are chosen at once, and says so", async () => {
    const net = stubUpload();
    const input = await openDescribeStep();
    await userEvent.upload(input, [1, 2, 3, 4, 5, 6, 7].map(jpeg));
    expect(await screen.findByTestId("photo-error")).toHaveProperty(
      "textContent",
      "You can add at most 5 photos.",
    );
    await waitFor(() => expect(net.uploads).toHaveLength(1));
    for (let i = 0; i < 5; i++) {
      net.release();
      await waitFor(() => expect(net.uploads.length).toBe(Math.min(i + 2, 5)));
    }
    await waitFor(() => expect(screen.getAllByRole("img")).toHaveLength(5));
    expect(net.uploads).toEqual(["p1.jpg", "p2.jpg", "p3.jpg", "p4.jpg", "p5.jpg"]);
  });

  it("counts the photos still uploading when more are chosen, and frees a place on remove", async () => {
    const net = stubUpload();
    const input = await openDescribeStep();
    await userEvent.upload(input, [1, 2, 3].map(jpeg));
    // The first three are still on their way: only two more fit.
    await userEvent.upload(input, [4, 5, 6].map(jpeg));
    expect((await screen.findByTestId("photo-error")).textContent).toBe("You can add at most 5 photos.");
    while (net.uploads.length < 5 || screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")) {
      net.release();
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(screen.getAllByRole("img")).toHaveLength(5);

    await userEvent.click(screen.getByRole("button", { name: "Remove photo 5" }));
    await userEvent.upload(input, [jpeg(7)]);
    expect(screen.queryByTestId("photo-error")).toBeNull();
    await waitFor(() => expect(net.uploads).toHaveLength(6));
    net.release();
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Send" }).hasAttribute("disabled")).toBe(false),
    );

    await userEvent.type(screen.getByLabelText("Describe the problem"), "Cold fries");
    await userEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(net.inserts).toHaveLength(1));
    const sent = (net.inserts[0] as { data: { photo_ids: number[] } }).data.photo_ids;
    expect(new Set(sent).size).toBe(5);
    expect(sent).toContain(105);
  });
});
