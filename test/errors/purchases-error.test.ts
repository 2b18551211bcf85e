import { describe, expect, it } from "vitest";
import { ErrorCode, PurchasesError, UninitializedPurchasesError, isPurchasesError } from "../../src/index";
import { errorFromBackendResponse } from "../../src/errors/backend-error";

describe("PurchasesError", () => {
  it("carries its code, public message, underlying message, extra and cause", () => {
    const cause = new TypeError("boom");
    const error = new PurchasesError(ErrorCode.NetworkError, undefined, {
      underlyingErrorMessage: "socket hang up",
      extra: { statusCode: 0 },
      cause,
    });
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe("PurchasesError");
    expect(error.errorCode).toBe(10);
    expect(error.message).toMatch(/network/i);
    expect(error.underlyingErrorMessage).toBe("socket hang up");
    expect(error.extra).toEqual({ statusCode: 0 });
    expect(error.cause).toBe(cause);
  });

  it("takes purchases-js's constructor form: the underlying message and the extra as arguments of their own", () => {
    const error = new PurchasesError(ErrorCode.UnknownError, "Something went wrong", "disk full", {
      statusCode: 500,
    });
    expect(error.message).toBe("Something went wrong");
    expect(error.underlyingErrorMessage).toBe("disk full");
    expect(error.extra).toEqual({ statusCode: 500 });
    const bare = new PurchasesError(ErrorCode.UnknownError, "Something went wrong", null, {
      statusCode: 500,
    });
    expect(bare.underlyingErrorMessage).toBeNull();
    expect(bare.extra).toEqual({ statusCode: 500 });
  });

  it("UninitializedPurchasesError is a PurchasesError with ConfigurationError and its own name", () => {
    const error = new UninitializedPurchasesError();
    expect(error).toBeInstanceOf(PurchasesError);
    expect(error.name).toBe("UninitializedPurchasesError");
    expect(error.errorCode).toBe(ErrorCode.ConfigurationError);
    expect(isPurchasesError(error)).toBe(true);
    expect(String(error)).toMatch(/^UninitializedPurchasesError\(code: 23\): Purchases must be configured/);
    const foreign = Object.assign(new Error("x"), { name: "UninitializedPurchasesError", errorCode: 23 });
    expect(isPurchasesError(foreign)).toBe(true);
    expect(isPurchasesError(Object.assign(new Error("x"), { name: "TypeError", errorCode: 23 }))).toBe(false);
  });

  it("isPurchasesError recognises errors from another copy of the SDK by shape", () => {
    const foreign = Object.assign(new Error("x"), { name: "PurchasesError", errorCode: 1 });
    expect(isPurchasesError(foreign)).toBe(true);
    expect(isPurchasesError(new Error("x"))).toBe(false);
    expect(isPurchasesError({ name: "PurchasesError", errorCode: 1 })).toBe(false);
    expect(isPurchasesError(null)).toBe(false);
  });

  it("keeps the numeric codes of docs/protocol.md", () => {
    expect([
      ErrorCode.UnknownBackendError,
      ErrorCode.ConfigurationError,
      ErrorCode.InvalidEmailError,
    ]).toEqual([16, 23, 38]);
    expect(ErrorCode.TestStoreSimulatedPurchaseError).toBe(42);
  });
});

describe("backend error mapping", () => {
  it.each([
    [7000, ErrorCode.ConfigurationError],
    [7012, ErrorCode.InvalidEmailError],
    [7101, ErrorCode.StoreProblemError],
    [7102, ErrorCode.ReceiptAlreadyInUseError],
    [7103, ErrorCode.InvalidReceiptError],
    [7105, ErrorCode.PurchaseInvalidError],
    [7110, ErrorCode.UnexpectedBackendResponseError],
    [7220, ErrorCode.InvalidAppUserIdError],
    [7224, ErrorCode.InvalidCredentialsError],
    [7225, ErrorCode.InvalidCredentialsError],
    [7226, ErrorCode.UnexpectedBackendResponseError],
    [7232, ErrorCode.IneligibleError],
    [7259, ErrorCode.CustomerInfoError],
    [7263, ErrorCode.InvalidSubscriberAttributesError],
    [7264, ErrorCode.InvalidSubscriberAttributesError],
    [7662, ErrorCode.UnsupportedError],
    [7772, ErrorCode.ProductAlreadyPurchasedError],
    [7773, ErrorCode.StoreProblemError],
    [7814, ErrorCode.PurchaseInvalidError],
    [7834, ErrorCode.InvalidEmailError],
    [7877, ErrorCode.PurchaseInvalidError],
    [7878, ErrorCode.PurchaseInvalidError],
    [7879, ErrorCode.InvalidEmailError],
    [7898, ErrorCode.StoreProblemError],
    [7899, ErrorCode.StoreProblemError],
    [7900, ErrorCode.StoreProblemError],
    [7901, ErrorCode.StoreProblemError],
    // The codes purchases-js also maps, mapped the same way.
    [7104, ErrorCode.UnexpectedBackendResponseError],
    [7106, ErrorCode.PurchaseInvalidError],
    [7107, ErrorCode.InvalidCredentialsError],
    [7114, ErrorCode.UnexpectedBackendResponseError],
    [7229, ErrorCode.StoreProblemError],
    [7230, ErrorCode.ConfigurationError],
    [7231, ErrorCode.StoreProblemError],
    [7234, ErrorCode.UnexpectedBackendResponseError],
    [7967, ErrorCode.InvalidCredentialsError],
    [8172, ErrorCode.StoreProblemError],
    [8174, ErrorCode.StoreProblemError],
  ])("maps backend code %i with a 4xx to public code %i", (code, expected) => {
    const error = errorFromBackendResponse("req", 400, JSON.stringify({ code, message: "m" }));
    expect(error.errorCode).toBe(expected);
    expect(error.extra).toEqual({ statusCode: 400, backendErrorCode: code });
  });

  it("treats a known code with a status of 500 or more as UnknownBackendError", () => {
    expect(errorFromBackendResponse("req", 500, JSON.stringify({ code: 7225 })).errorCode).toBe(
      ErrorCode.UnknownBackendError,
    );
  });
});
