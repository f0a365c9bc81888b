package dev.gpudra.allocator.cel.library;

import static dev.cel.common.CelFunctionDecl.newFunctionDeclaration;
import static dev.cel.common.CelOverloadDecl.newGlobalOverload;
import static dev.cel.common.CelOverloadDecl.newMemberOverload;
import static dev.gpudra.allocator.cel.library.KubernetesTypes.SEMVER;

import dev.cel.common.CelFunctionDecl;
import dev.cel.common.types.SimpleType;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelFunctionBinding;
import java.util.List;
import java.util.Optional;

/**
 * The Kubernetes semver library (v1, with the {@code normalize} argument of 1.33): {@code semver},
 * {@code isSemver} and the member functions of {@code kubernetes.Semver}.
 */
public final class SemverLibrary {

  /** The declarations and bindings. */
  public FunctionLibrary library() {
    return new FunctionLibrary(
        List.of(
            newFunctionDeclaration(
                "semver",
                newGlobalOverload("string_to_semver", SEMVER, SimpleType.STRING),
                newGlobalOverload(
                    "string_bool_to_semver", SEMVER, SimpleType.STRING, SimpleType.BOOL)),
            newFunctionDeclaration(
                "isSemver",
                newGlobalOverload("is_semver_string", SimpleType.BOOL, SimpleType.STRING),
                newGlobalOverload(
                    "is_semver_string_bool", SimpleType.BOOL, SimpleType.STRING, SimpleType.BOOL)),
            getter("major", "semver_major"),
            getter("minor", "semver_minor"),
            getter("patch", "semver_patch"),
            newFunctionDeclaration(
                "isGreaterThan",
                newMemberOverload("semver_is_greater_than", SimpleType.BOOL, SEMVER, SEMVER)),
            newFunctionDeclaration(
                "isLessThan",
                newMemberOverload("semver_is_less_than", SimpleType.BOOL, SEMVER, SEMVER)),
            newFunctionDeclaration(
                "compareTo",
                newMemberOverload("semver_compare_to", SimpleType.INT, SEMVER, SEMVER))),
        bindings());
  }

  private static CelFunctionDecl getter(String name, String overloadId) {
    return newFunctionDeclaration(name, newMemberOverload(overloadId, SimpleType.INT, SEMVER));
  }

  private static List<CelFunctionBinding> bindings() {
    Class<Semver> v = Semver.class;
    return List.of(
        CelFunctionBinding.from("string_to_semver", String.class, s -> semver(s, false)),
        CelFunctionBinding.from(
            "string_bool_to_semver", String.class, Boolean.class, (s, n) -> semver(s, n)),
        CelFunctionBinding.from("is_semver_string", String.class, s -> parse(s, false).isPresent()),
        CelFunctionBinding.from(
            "is_semver_string_bool",
            String.class,
            Boolean.class,
            (s, n) -> parse(s, n).isPresent()),
        CelFunctionBinding.from("semver_major", v, Semver::major),
        CelFunctionBinding.from("semver_minor", v, Semver::minor),
        CelFunctionBinding.from("semver_patch", v, Semver::patch),
        CelFunctionBinding.from("semver_is_greater_than", v, v, (a, b) -> a.compareTo(b) > 0),
        CelFunctionBinding.from("semver_is_less_than", v, v, (a, b) -> a.compareTo(b) < 0),
        CelFunctionBinding.from(
            "semver_compare_to", v, v, (a, b) -> (long) Integer.signum(a.compareTo(b))));
  }

  private static Optional<Semver> parse(String text, boolean normalize) {
    return normalize ? Semver.parseNormalized(text) : Semver.parse(text);
  }

  private static Semver semver(String text, boolean normalize) throws CelEvaluationException {
    return parse(text, normalize)
        .orElseThrow(() -> new CelEvaluationException("could not parse '" + text + "' as semver"));
  }
}
