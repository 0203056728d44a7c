# islower/isupper/istitle: cased characters decide; uncased ones are ignored
words = ["abc", "ABC", "Abc", "aBC", "", "123", "abc1!", "ABC 1", "Hello World", "Hello world",
         "HeLLo", "ß", "ª", "Ⅷ", "ⅷ", "ǅ", "ǅa", "Ǆ", "ΣΑΣ", "Σας Ωμέγα", "привет", "Привет Мир",
         "Ⓐⓑ", "ʰ", "1A", "A1b", "they're"]
for w in words:
    print(repr(w), w.islower(), w.isupper(), w.istitle())
