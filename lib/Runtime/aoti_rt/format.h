//===- aoti_rt/format.h - Text: numbers, JSON, names ------------*- C++ -*-===//
// SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
//
// Small utilities the reports are written with: number formatting without
// locale, JSON strings and objects, file names.
//
//===----------------------------------------------------------------------===//

#ifndef AOTI_RT_FORMAT_H
#define AOTI_RT_FORMAT_H

#include "abi.h"

#include <algorithm>
#include <charconv>
#include <cinttypes>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#if AOTI_RT_DEFINITIONS
AOTI_RT_NAMESPACE_BEGIN
namespace detail {

//--- Small utilities -------------------------------------------------------//

inline const char *orDefault(const char *S, const char *Default) {
  return (S && *S) ? S : Default;
}

inline const char *baseName(const char *Path) {
  if (!Path)
    return "";
  const char *Slash = std::strrchr(Path, '/');
  return Slash ? Slash + 1 : Path;
}

// NaN/Inf by bit pattern: immune to -ffinite-math-only in the wrapper flags.
inline bool isNanD(double V) {
  uint64_t B;
  std::memcpy(&B, &V, sizeof B);
  return (B & 0x7ff0000000000000ULL) == 0x7ff0000000000000ULL &&
         (B & 0x000fffffffffffffULL) != 0;
}
inline bool isInfD(double V) {
  uint64_t B;
  std::memcpy(&B, &V, sizeof B);
  return (B & 0x7fffffffffffffffULL) == 0x7ff0000000000000ULL;
}

/// Powers of ten that are exact doubles, for appendGScaled.
constexpr double kExactPow10[] = {
    1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
constexpr int kMaxExactPow10 = 22;

/// The \p Prec significant digits of finite, normal, nonzero \p V, rounded
/// as printf rounds, into \p N, and its decimal exponent into \p E (V is
/// about N * 10^(E - Prec + 1)). V scaled by a power of ten to Prec digits
/// before the point (1e0..1e22 are exact doubles, so the scaling rounds
/// once, by less than 1.2e-7 below 2^30) and rounded to an integer. That
/// decides printf's rounding of the exact value unless the scaled value
/// lies within 1e-6 of a tie and the scaling was not exact: then, or when
/// the scale is out of the table, false.
inline bool scaledDigits(double V, int Prec, uint64_t &N, int &E) {
  uint64_t Bits;
  std::memcpy(&Bits, &V, sizeof Bits);
  const int BinExp = static_cast<int>((Bits >> 52) & 0x7ff) - 1023;
  if (BinExp == -1023 || BinExp == 1024)
    return false; // zero, subnormal, Inf, NaN
  const double A = V < 0 ? -V : V;
  // floor(log10(A)) is floor(BinExp * log10(2)) or one more.
  const double Est = BinExp * 0.30102999566398120;
  E = static_cast<int>(Est);
  if (E > Est)
    --E;
  double Scaled = 0;
  int K = 0;
  for (int Try = 0;; ++Try) {
    K = Prec - 1 - E;
    if (K > kMaxExactPow10 || K < -kMaxExactPow10)
      return false;
    Scaled = K >= 0 ? A * kExactPow10[K] : A / kExactPow10[-K];
    if (Scaled < kExactPow10[Prec] || Try == 1)
      break;
    ++E;
  }
  if (Scaled < kExactPow10[Prec - 1] || Scaled >= kExactPow10[Prec])
    return false;
  N = static_cast<uint64_t>(Scaled);                   // floor: Scaled > 0
  const double Frac = Scaled - static_cast<double>(N); // exact
  if (Frac > 0.5 - 1e-6 && Frac < 0.5 + 1e-6) {
    // Near a tie: decided only if the scaling was exact (a tie is a
    // dyadic number this small, so only an exact scaling can make one);
    // then ties go to even, as printf rounds.
    const double Pow = kExactPow10[K >= 0 ? K : -K];
    const bool Exact = K == 0 || (K > 0 ? __builtin_fma(A, Pow, -Scaled) == 0
                                        : __builtin_fma(Scaled, Pow, -A) == 0);
    if (!Exact)
      return false;
    N += Frac > 0.5 || (Frac == 0.5 && (N & 1));
  } else {
    N += Frac > 0.5;
  }
  if (N == static_cast<uint64_t>(kExactPow10[Prec])) { // 9.99999x -> 10.0000
    N /= 10;
    ++E;
  }
  return true;
}

/// Writes "%g"'s layout of the digits \p Digits[0, Last) (no trailing
/// zeros) with decimal exponent \p E at \p P (scientific when E < -4 or
/// E >= \p Prec); the end of what it wrote.
inline char *layoutG(char *P, const char *Digits, int Last, int E, int Prec) {
  if (E < -4 || E >= Prec) { // d.ddde+XX
    *P++ = Digits[0];
    if (Last > 1) {
      *P++ = '.';
      for (int I = 1; I < Last; ++I)
        *P++ = Digits[I];
    }
    *P++ = 'e';
    *P++ = E < 0 ? '-' : '+';
    int X = E < 0 ? -E : E;
    if (X >= 100)
      *P++ = static_cast<char>('0' + X / 100);
    *P++ = static_cast<char>('0' + X / 10 % 10);
    *P++ = static_cast<char>('0' + X % 10);
  } else if (E >= 0) { // ddd.ddd
    for (int I = 0; I <= E; ++I)
      *P++ = Digits[I];
    if (Last > E + 1) {
      *P++ = '.';
      for (int I = E + 1; I < Last; ++I)
        *P++ = Digits[I];
    }
  } else { // 0.000ddd
    *P++ = '0';
    *P++ = '.';
    for (int I = 0; I < -E - 1; ++I)
      *P++ = '0';
    for (int I = 0; I < Last; ++I)
      *P++ = Digits[I];
  }
  return P;
}

/// printf's "%.<Prec>g" of a finite, normal, nonzero \p V for 1 <= Prec <=
/// 9, the fast way (scaledDigits); false with nothing appended where that
/// cannot decide (appendG then takes the exact path). A few times faster
/// than libstdc++'s std::to_chars with a precision, which print-all calls
/// three times per line.
inline bool appendGScaled(std::string &S, double V, int Prec) {
  uint64_t N = 0;
  int E = 0;
  if (Prec < 1 || Prec > 9 || !scaledDigits(V, Prec, N, E))
    return false;
  char Digits[9];
  for (int I = Prec - 1; I >= 0; --I, N /= 10)
    Digits[I] = static_cast<char>('0' + N % 10);
  int Last = Prec; // without trailing zeros
  while (Last > 1 && Digits[Last - 1] == '0')
    --Last;
  char Buf[32];
  char *P = Buf;
  if (V < 0)
    *P++ = '-';
  P = layoutG(P, Digits, Last, E, Prec);
  S.append(Buf, P);
  return true;
}

/// Appends finite V as printf's "%.<Prec>g" does (appendGScaled where it
/// can decide; std::to_chars, which is specified so and several times
/// faster than snprintf, where not; snprintf without it).
inline void appendG(std::string &S, double V, int Prec) {
  if (appendGScaled(S, V, Prec))
    return;
  char Buf[48];
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L
  std::to_chars_result R =
      std::to_chars(Buf, Buf + sizeof Buf, V, std::chars_format::general, Prec);
  if (R.ec == std::errc()) {
    S.append(Buf, R.ptr);
    return;
  }
#endif
  int N = std::snprintf(Buf, sizeof Buf, "%.*g", Prec, V);
  S.append(Buf, static_cast<size_t>(std::max(N, 0)));
}

//--- Sinks: the text of a report, for the normal path and a signal handler -//

/// Text appended to a std::string. What a fatal signal's handler writes too
/// (a site's text, a breadcrumb report, a JSON string) is written to a sink
/// by one function, which the normal path calls with this sink and the
/// handler with a FixedSink: the two texts cannot drift apart.
struct StringSink {
  std::string &Out;
  void add(char C) { Out += C; }
  void add(const char *S) { Out += S; }
  void add(const char *S, size_t N) { Out.append(S, N); }
};

/// Text in a fixed buffer, for a signal handler: no allocation, no lock,
/// no stdio. What does not fit is left out, and Cut says so.
template <size_t Cap> struct FixedSink {
  char Data[Cap];
  size_t N = 0;
  bool Cut = false;
  void add(char C) {
    if (N < Cap)
      Data[N++] = C;
    else
      Cut = true;
  }
  void add(const char *S) {
    for (; *S; ++S)
      add(*S);
  }
  void add(const char *S, size_t Len) {
    for (size_t I = 0; I < Len; ++I)
      add(S[I]);
  }
  /// The text, NUL-terminated; a cut one ends with "...".
  const char *text() {
    if (N == Cap) {
      --N;
      Cut = true;
    }
    if (Cut && N >= 3)
      std::memcpy(Data + N - 3, "...", 3);
    Data[N] = '\0';
    return Data;
  }
};

/// \p V in decimal (std::to_chars: no locale, no allocation, so a signal
/// handler may call it).
template <class Sink> void writeInt(Sink &Out, long long V) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof Buf, V);
  Out.add(Buf, static_cast<size_t>(R.ptr - Buf));
}

template <class Sink> void writeUInt(Sink &Out, unsigned long long V) {
  char Buf[24];
  std::to_chars_result R = std::to_chars(Buf, Buf + sizeof Buf, V);
  Out.add(Buf, static_cast<size_t>(R.ptr - Buf));
}

/// \p P as glibc's printf spells "%p": "0x7f3a..." or "(nil)".
template <class Sink> void writePointer(Sink &Out, const void *P) {
  if (!P) {
    Out.add("(nil)");
    return;
  }
  char Buf[2 * sizeof(uintptr_t)];
  std::to_chars_result R =
      std::to_chars(Buf, Buf + sizeof Buf, reinterpret_cast<uintptr_t>(P), 16);
  Out.add("0x");
  Out.add(Buf, static_cast<size_t>(R.ptr - Buf));
}

inline void appendInt(std::string &S, long long V) {
  StringSink Out{S};
  writeInt(Out, V);
}

inline void appendUInt(std::string &S, unsigned long long V) {
  StringSink Out{S};
  writeUInt(Out, V);
}

/// "%.6g", or nan, inf, -inf.
inline void appendDouble(std::string &S, double V) {
  if (isNanD(V))
    S += "nan";
  else if (isInfD(V))
    S += V > 0 ? "inf" : "-inf";
  else
    appendG(S, V, 6);
}

inline std::string fmtDouble(double V) {
  std::string S;
  appendDouble(S, V);
  return S;
}

/// A bound or a value: as an integer when it is one.
inline std::string fmtNumber(double V) {
  if (!isNanD(V) && !isInfD(V) &&
      V == static_cast<double>(static_cast<long long>(V)) && V < 9.0e15 &&
      V > -9.0e15)
    return std::to_string(static_cast<long long>(V));
  return fmtDouble(V);
}

/// Sorts \p V[0, N) in place, leaving out negative ordinals and repeats;
/// how many are left (no allocation: a signal handler may call it).
inline size_t sortOrdinals(int *V, size_t N) {
  int *End = std::remove_if(V, V + N, [](int X) { return X < 0; });
  std::sort(V, End);
  return static_cast<size_t>(std::unique(V, End) - V);
}

/// The sorted, distinct \p V[0, N) as ranges: "0-2,5".
template <class Sink>
void writeOrdinalRanges(Sink &Out, const int *V, size_t N) {
  for (size_t I = 0; I < N;) {
    size_t J = I;
    while (J + 1 < N && V[J + 1] == V[J] + 1)
      ++J;
    if (I)
      Out.add(',');
    writeInt(Out, V[I]);
    if (J > I) {
      Out.add('-');
      writeInt(Out, V[J]);
    }
    I = J + 1;
  }
}

/// \p V as ranges, in increasing order: "0-2,5" (the `ordinals` of a
/// rules file's `match`). Negative ordinals are left out.
inline std::string ordinalRanges(std::vector<int> V) {
  std::string S;
  StringSink Out{S};
  writeOrdinalRanges(Out, V.data(), sortOrdinals(V.data(), V.size()));
  return S;
}

/// The rule that makes the breadcrumbs of the launch ordinals \p V[0, N)
/// exact (kExactWindowRuleHead); false, with nothing written, when none is
/// left. Sorts V.
template <class Sink> bool writeExactWindowRule(Sink &Out, int *V, size_t N) {
  N = sortOrdinals(V, N);
  if (!N)
    return false;
  Out.add(kExactWindowRuleHead);
  writeOrdinalRanges(Out, V, N);
  Out.add(kExactWindowRuleTail);
  return true;
}

inline std::string exactWindowRule(std::vector<int> Ordinals) {
  std::string S;
  StringSink Out{S};
  writeExactWindowRule(Out, Ordinals.data(), Ordinals.size());
  return S;
}

/// \p V: std::vector<int64_t> or DimVec.
template <class Dims> std::string fmtList(const Dims &V) {
  std::string S = "[";
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ", ";
    S += std::to_string(static_cast<long long>(V[I]));
  }
  return S + "]";
}

/// \p S as a JSON string, quotes included.
template <class Sink> void writeJsonString(Sink &Out, const char *S) {
  static const char Hex[] = "0123456789abcdef";
  Out.add('"');
  for (const char *P = S ? S : ""; *P; ++P) {
    unsigned char C = static_cast<unsigned char>(*P);
    if (C == '"' || C == '\\') {
      Out.add('\\');
      Out.add(static_cast<char>(C));
    } else if (C == '\n') {
      Out.add("\\n");
    } else if (C == '\t') {
      Out.add("\\t");
    } else if (C < 0x20) {
      Out.add("\\u00");
      Out.add(Hex[C >> 4]);
      Out.add(Hex[C & 15]);
    } else {
      Out.add(static_cast<char>(C));
    }
  }
  Out.add('"');
}

/// A member's key in a JSON object being written: a comma before all but
/// the first (\p First says which), then "K":.
template <class Sink> void writeJsonKey(Sink &Out, bool &First, const char *K) {
  if (!First)
    Out.add(',');
  First = false;
  writeJsonString(Out, K);
  Out.add(':');
}

inline void jsonString(std::string &Out, const char *S) {
  StringSink Sink{Out};
  writeJsonString(Sink, S);
}

/// \p V: std::vector<int64_t> or DimVec.
template <class Dims> std::string jsonList(const Dims &V) {
  std::string S = "[";
  for (size_t I = 0; I < V.size(); ++I) {
    if (I)
      S += ',';
    appendInt(S, static_cast<long long>(V[I]));
  }
  return S + "]";
}

/// `["a","b"]`
inline std::string jsonList(const std::vector<std::string> &Items) {
  std::string List = "[";
  for (size_t I = 0; I < Items.size(); ++I) {
    List += I ? "," : "";
    jsonString(List, Items[I].c_str());
  }
  return List + "]";
}

/// \p V as a JSON number (%.17g), or `null` for NaN and Inf, which JSON
/// cannot spell.
inline void appendJsonDouble(std::string &S, double V) {
  if (isNanD(V) || isInfD(V))
    S += "null";
  else
    appendG(S, V, 17);
}

/// Builds one JSON object, keys in insertion order.
class JsonObj {
public:
  JsonObj &str(const char *K, const std::string &V) {
    key(K);
    jsonString(S, V.c_str());
    return *this;
  }
  JsonObj &num(const char *K, long long V) {
    key(K);
    appendInt(S, V);
    return *this;
  }
  JsonObj &dbl(const char *K, double V) {
    key(K);
    appendJsonDouble(S, V);
    return *this;
  }
  JsonObj &boolean(const char *K, bool V) {
    key(K);
    S += V ? "true" : "false";
    return *this;
  }
  JsonObj &raw(const char *K, const std::string &Json) {
    key(K);
    S += Json;
    return *this;
  }
  std::string done() const { return S + "}"; }

private:
  void key(const char *K) {
    StringSink Out{S};
    writeJsonKey(Out, First, K);
  }
  std::string S = "{";
  bool First = true;
};

} // namespace detail
AOTI_RT_NAMESPACE_END
#endif // AOTI_RT_DEFINITIONS

#endif // AOTI_RT_FORMAT_H
